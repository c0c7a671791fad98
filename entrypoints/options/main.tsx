import { createRoot } from 'react-dom/client';
import { OptionsPage } from '@/components/options-page';
import '@/components/styles.css';

createRoot(document.getElementById('root')!).render(<OptionsPage />);
