// The voter pages' entry (voter.html, built by vite.voter.config.ts with Preact in place of React): the
// ballot is asked for, or taken from the page, before the first draw.
// The shared styles first: the pages' own (in this same bundle) come after them and win, as in the admin app.
import './base.css';
import { createRoot } from 'react-dom/client';
import { moveSecretsOutOfQuery } from './lib/address-secrets';
import { startEarly } from './vote/early-view';
import { VoterApp } from './voter-app';

// An old slip's ?code= leaves the query before anything else reads the address (address-secrets.ts).
moveSecretsOutOfQuery();
startEarly(window.location.pathname, window.location);

createRoot(document.getElementById('root')!).render(<VoterApp />);
