import { createRoot } from 'react-dom/client';
import { OptionsPage } from '@/components/options-page';
import '@/components/styles.css';
import { uiLocale } from '@/lib/format';
import { followSiteAccess } from '@/lib/options/host-access';

// The page speaks the catalogue's language (screen readers pick their voice from it).
document.documentElement.lang = uiLocale() ?? 'en';

// Whether every site is granted, known before a click needs it (Save and Test ask only for what is missing).
followSiteAccess();

createRoot(document.getElementById('root')!).render(<OptionsPage />);
