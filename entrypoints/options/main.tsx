import { render } from 'preact';
import { Options } from '../../components/Options';
import { t, uiLanguage } from '../../lib/ui/i18n';
import './style.css';

document.documentElement.lang = uiLanguage();
document.title = t('optionsTitle');
const root = document.getElementById('app');
if (root) render(<Options />, root);
