export { UnitiesPage as default } from './reference-pages.tsx';
