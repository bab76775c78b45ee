// The options page's entry (options.html, opened from the browser's extension menu or the panel).
import { createRoot } from 'react-dom/client';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import './options.css';
import { chromeApi } from '../chrome';
import { followTheme, speakBrowserLanguage } from '../page-setup';
import { chromeDomains } from './domains';
import { Options } from './Options';

async function start(): Promise<void> {
  const chrome = chromeApi();
  followTheme();
  await speakBrowserLanguage(chrome);
  const root = document.getElementById('root');
  if (root === null) throw new Error('options.html has no #root.');
  createRoot(root).render(<Options domains={chromeDomains(chrome)} />);
}

void start();
