// Loaded on demand by the ALTCHA widget, so the widget's code only reaches browsers that show it.
//
// The 'external' build: the widget's styles as a stylesheet of this chunk (Vite loads it before the module runs, so
// the element is never drawn unstyled) instead of a string the widget injects, and the proof-of-work worker as a file
// of this origin instead of code carried inside the widget and started from a blob: URL. The widget's code is a third
// lighter to fetch and evaluate, and the Content-Security-Policy allows workers from 'self' only.
import { BOT_CHECK_ALGORITHM } from '@concilia/domain';
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/pt-br';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// the one algorithm the server's challenges use
$altcha.algorithms.set(BOT_CHECK_ALGORITHM, () => new Pbkdf2Worker());
