import { render } from 'preact';
import { Popup } from '../../components/Popup';
import { startExtraction } from '../../lib/ui/start-extraction';
import './style.css';

// Extraction of the current tab starts before the first render (interactive in under 100 ms).
// The mark splits the benchmark's time to interactive into page load and our own work.
performance.mark('pageclip:start');
const extraction = startExtraction();
const root = document.getElementById('app');
if (root) render(<Popup extraction={extraction} />, root);
