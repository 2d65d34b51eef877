// A module of its own so the whole app's stylesheet is a chunk the router's lazy pages load on demand (lazy-page.ts).
import '../app.css';
