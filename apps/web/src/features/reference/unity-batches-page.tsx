export { UnityBatchesPage as default } from './reference-pages.tsx';
