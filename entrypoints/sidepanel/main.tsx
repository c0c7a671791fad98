import { createRoot } from 'react-dom/client';
import { SidePanel } from '@/components/side-panel';
import '@/components/styles.css';
import { uiLocale } from '@/lib/format';

// The page speaks the catalogue's language (screen readers pick their voice from it).
document.documentElement.lang = uiLocale() ?? 'en';

createRoot(document.getElementById('root')!).render(<SidePanel />);
