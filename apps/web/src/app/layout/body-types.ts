/** Names of the bodies the shared modal and right drawer can show. */
export const MODAL_BODY_TYPES = {
  CONFIRMATION: 'CONFIRMATION',
  DEFAULT: '',
} as const;

export const RIGHT_DRAWER_TYPES = {
  NOTIFICATION: 'NOTIFICATION',
} as const;
