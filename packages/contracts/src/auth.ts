import { z } from 'zod/mini';
import { LIMITS, ZEmail, ZId, ZName, zInt, orRequired } from './common.ts';
import { ZExportFormat } from './exports.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ZPassword = z
  .string({ error: 'Campo obrigatório.' })
  .check(
    z.minLength(PASSWORD_MIN, { error: `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.` }),
    z.maxLength(PASSWORD_MAX, { error: `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.` }),
  );

export const ZRole = z.enum(['admin', 'operator'], {
  error: orRequired('Perfil inválido: use admin ou operator.'),
});
export type TRole = z.infer<typeof ZRole>;
export const ZUserStatus = z.enum(['pending', 'active', 'disabled'], {
  error: orRequired('Situação inválida: use aguardando (pending), ativo (active) ou desativado (disabled).'),
});
export type TUserStatus = z.infer<typeof ZUserStatus>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Campo obrigatório.' })
    .check(z.minLength(1, { error: 'Campo obrigatório.' }), z.maxLength(PASSWORD_MAX)),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({ name: ZName, email: ZEmail, password: ZPassword });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().check(z.minLength(1, { error: 'Link de redefinição inválido.' }), z.maxLength(200)),
  password: ZPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZMe = z.object({ id: z.number(), name: z.string(), email: z.string(), role: ZRole });
export type TMe = z.infer<typeof ZMe>;

export const ZLoginResponse = z.object({ user: ZMe });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRegisterResponse = z.object({
  user: z.extend(ZMe, { status: ZUserStatus }),
  message: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZUpdateProfileRequest = z
  .strictObject({
    name: z.optional(ZName),
    currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
    newPassword: z.optional(ZPassword),
  })
  .check(
    z.refine((body) => !body.newPassword || Boolean(body.currentPassword), {
      error: 'Informe a senha atual para trocar a senha.',
      path: ['currentPassword'],
    }),
  );
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** The users list keeps the reqres.in shape the template's placeholder list was built on. */
export const ZUserListItem = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.nullable(z.string()),
  role: ZRole,
  status: ZUserStatus,
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const USER_SORTS = ['name', 'email', 'role', 'status'] as const;
export const ZUsersQuery = z.object({
  page: z._default(zInt('Página inválida.', 1, 1_000_000, 'A página deve ser no mínimo 1.'), 1),
  per_page: z._default(
    zInt(
      'Tamanho de página inválido.',
      1,
      LIMITS.pageSizeMax,
      'O tamanho da página deve ser no mínimo 1.',
      `O tamanho da página deve ser no máximo ${LIMITS.pageSizeMax}.`,
    ),
    6,
  ),
  status: z.optional(ZUserStatus),
  // absent: pending sign-ups first, then by name
  sort: z.optional(z.enum(USER_SORTS, { error: orRequired('Ordenação inválida.') })),
  order: z._default(z.enum(['asc', 'desc'], { error: orRequired('Ordem inválida.') }), 'asc'),
  format: ZExportFormat,
});
export type TUsersQuery = z.input<typeof ZUsersQuery>;

export const ZUsersResponse = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
  data: z.array(ZUserListItem),
});
export type TUsersResponse = z.infer<typeof ZUsersResponse>;

export const ZUserIdParams = z.object({ userId: ZId });
export const ZUpdateUserRequest = z
  .strictObject({ status: z.optional(ZUserStatus), role: z.optional(ZRole) })
  .check(
    z.refine((body) => body.status !== undefined || body.role !== undefined, {
      error: 'Informe a nova situação ou o novo perfil.',
    }),
  );
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;
