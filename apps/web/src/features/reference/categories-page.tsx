export { CategoriesPage as default } from './reference-pages.tsx';
