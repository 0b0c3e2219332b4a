// The first script of vote.html, the page the server sends for /vote/type/... addresses (built from
// index.html by vite-vote-html.ts): it asks for the ballot while the app's main script downloads.
import { startEarly } from './early-view';

startEarly(window.location.pathname, window.location.search);
