export const paths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  documentation: '/documentation',
  app: '/app',
  welcome: '/app/welcome',
  products: '/app/products',
  suppliers: '/app/suppliers',
  categories: '/app/categories',
  unities: '/app/unities',
  unityBatches: '/app/unity-batches',
  stock: '/app/stock',
  stockIn: '/app/stock-in',
  stockOut: '/app/stock-out',
  stockMovement: '/app/stock-movement',
  users: '/app/users',
  profile: '/app/profile',
  settings: '/app/settings',
  help: '/app/help',
} as const;

export const PUBLIC_PATHS: string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.documentation,
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}
