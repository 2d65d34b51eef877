/** Every user-facing text of the web app that is not tied to a single screen. */
export const messages = {
  loading: 'Carregando...',
  defaultTitle: 'Home',
  networkError: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.',
  unexpectedError: 'Algo deu errado. Tente novamente.',
  invertedDateRange:
    'A data inicial deve ser anterior ou igual à final. Corrija o período para ver os registros.',
  comingSoon: 'Esta tela ainda está em construção. Ela chega nas próximas versões do Armazém.',
  numberField: {
    unreadable:
      'Número não reconhecido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
  },
  success: {
    productAdded: 'Produto Adicionado!',
    productDeleted: 'Produto Deletado!',
    productStatusUpdated: 'Status Do Produto Atualizado!',
    productUpdated: 'Produto Atualizado!',
    priceAdded: 'Preço Adicionado!',
    supplierAdded: 'Fornecedor Adicionado!',
    productLinked: 'Produto Vinculado Ao Fornecedor!',
    productUnlinked: 'Produto Desvinculado Ao Fornecedor!',
    supplierDeleted: 'Fornecedor Deletado!',
    supplierStatusUpdated: 'Status Do Fornecedor Atualizado!',
    supplierUpdated: 'Fornecedor Atualizado!',
    stockInAdded: 'Entrada De Estoque Adicionada!',
    stockOutAdded: 'Saída De Estoque Adicionada!',
    userUpdated: 'Usuário Atualizado!',
    profileUpdated: 'Perfil Atualizado!',
    settingsUpdated: 'Configurações Atualizadas!',
  },
} as const;
