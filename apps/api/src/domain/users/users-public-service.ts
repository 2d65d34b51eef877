/**
 * What other features (and routes) may use of users: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export {
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  setPasswordHash,
  updateUserProfile,
} from './users-repository.ts';
export { accessOfNewAccount, toMe } from './users-rules.ts';
