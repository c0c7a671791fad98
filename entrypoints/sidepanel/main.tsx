import { createRoot } from 'react-dom/client';
import { SidePanel } from '@/components/side-panel';
import '@/components/styles.css';

createRoot(document.getElementById('root')!).render(<SidePanel />);
