import { paths } from './paths.ts';

export interface MenuItem {
  path: string;
  name: string;
  icon: string;
  adminOnly?: boolean;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

export const menu: MenuSection[] = [
  {
    title: '',
    items: [
      { path: paths.welcome, name: 'Início', icon: 'home' },
      { path: paths.reports, name: 'Análises', icon: 'sheet' },
    ],
  },
  {
    title: 'Cadastros',
    items: [
      { path: paths.products, name: 'Produtos', icon: 'box' },
      { path: paths.suppliers, name: 'Fornecedores', icon: 'truck' },
      { path: paths.categories, name: 'Categorias', icon: 'tag' },
      { path: paths.unities, name: 'Unidades', icon: 'ruler' },
      { path: paths.unityBatches, name: 'Embalagens', icon: 'package' },
    ],
  },
  {
    title: 'Estoque',
    items: [
      { path: paths.stock, name: 'Estoque', icon: 'warehouse' },
      { path: paths.stockIn, name: 'Entradas', icon: 'in' },
      { path: paths.stockOut, name: 'Saídas', icon: 'out' },
      { path: paths.stockMovement, name: 'Movimentação', icon: 'sheet' },
      { path: paths.nfe, name: 'Notas fiscais', icon: 'truck' },
      { path: paths.counts, name: 'Balanço', icon: 'check' },
      { path: paths.inventory, name: 'Inventário', icon: 'box' },
    ],
  },
  {
    title: 'Administração',
    items: [
      { path: paths.users, name: 'Usuários', icon: 'users', adminOnly: true },
      { path: paths.audit, name: 'Auditoria', icon: 'eye', adminOnly: true },
      { path: paths.settings, name: 'Configurações', icon: 'settings' },
      { path: paths.profile, name: 'Meu perfil', icon: 'user' },
      { path: paths.help, name: 'Ajuda', icon: 'help' },
    ],
  },
];
