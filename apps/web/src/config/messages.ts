/** Every user-facing text of the web app that is not tied to a single screen. */
export const messages = {
  loading: 'Carregando...',
  networkError: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.',
  unexpectedError: 'Algo deu errado. Tente novamente.',
  invertedDateRange:
    'A data inicial deve ser anterior ou igual à final. Corrija o período para ver os registros.',
  comingSoon: 'Esta tela ainda está em construção. Ela chega nas próximas versões do Armazém.',
} as const;
