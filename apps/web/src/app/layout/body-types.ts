/** Names of the bodies the right drawer can show. */
export const RIGHT_DRAWER_TYPES = {
  NOTIFICATION: 'NOTIFICATION',
} as const;
