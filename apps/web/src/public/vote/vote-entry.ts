// The first script of vote.html, the page the server sends for /vote/type/... addresses (built from
// index.html by vite-vote-html.ts): it asks for the ballot while the app's main script downloads.
import { moveSecretsOutOfQuery } from '../lib/address-secrets';
import { startEarly } from './early-view';

// An old slip's ?code= leaves the query before anything else reads the address (address-secrets.ts).
moveSecretsOutOfQuery();
startEarly(window.location.pathname, window.location);
