/**
 * The sandbox sportsbook provider's client, framed by the casino on /betting. Served at
 * `/sandbox/sportsbook/client?session=<token>&path=<path>&locale=<locale>`; talks only to its own
 * provider's API. Navigation by path (a tiny router), kept in step with the casino page by messages.
 */
import { startSportsbook } from './app.ts';
import './sportsbook.css';

void startSportsbook(document.getElementById('app')!);
