import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMe,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZUpdateProfileRequest,
} from '@armazem/contracts/auth';
import { authenticate, register, requestPasswordReset, resetPassword } from '../domain/auth/auth-service.ts';
import { hashPassword, verifyPassword } from '../domain/auth/passwords.ts';
import { limitKeys, limitPolicies } from '../domain/auth/limits-rules.ts';
import { limitRequest, limitSignIn } from '../domain/auth/limits-service.ts';
import {
  SESSION_COOKIE,
  createSession,
  deleteSessionByToken,
  endUserSessions,
} from '../domain/auth/sessions.ts';
import { findUserById, toMe } from '../domain/users/users-repository.ts';
import { audit } from '../lib/audit.ts';
import { badRequest } from '../lib/errors.ts';
import { nowIso } from '../db/database.ts';
import { sortKey } from '../lib/text.ts';
import { requireAuth, setSessionCookie } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['autenticação'];
const ZAccepted = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = limitPolicies(app.config.loginRateLimit);

  app.post(
    '/login',
    { schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await limitSignIn(app.db, limits, email, request.ip, () =>
        authenticate(app.db, email, password),
      );
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSessionByToken(app.db, previous);
      const token = await createSession(app.db, user.id, app.config.sessions);
      setSessionCookie(request, reply, token);
      return { user: toMe(user) };
    },
  );

  app.post('/logout', { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSessionByToken(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  app.get('/me', { onRequest: requireAuth, schema: { tags, response: { 200: ZMe } } }, async (request) =>
    toMe(currentUser(request)),
  );

  app.patch(
    '/me',
    { onRequest: requireAuth, schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZMe } } },
    async (request) => {
      const me = currentUser(request);
      const user = await findUserById(app.db, me.id);
      if (!user) throw badRequest('Usuário não encontrado.');
      const { name, currentPassword, newPassword } = request.body;
      let passwordHash: string | undefined;
      if (newPassword) {
        if (!(await verifyPassword(user.password_hash, currentPassword ?? ''))) {
          throw badRequest('Senha atual incorreta.', 'currentPassword');
        }
        passwordHash = await hashPassword(newPassword);
      }
      const updated = await app.db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('users')
          .set({
            name: name ?? user.name,
            name_sort: sortKey(name ?? user.name),
            updated_at: nowIso(),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', me.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (passwordHash) await endUserSessions(tx, me.id, me.sessionId);
        await audit(tx, {
          userId: me.id,
          action: 'update',
          entity: 'user',
          entityId: me.id,
          before: { name: user.name },
          after: { name: row.name, passwordChanged: Boolean(passwordHash) },
        });
        return row;
      });
      return toMe(updated);
    },
  );

  app.post(
    '/register',
    { schema: { tags, body: ZRegisterRequest, response: { 201: ZRegisterResponse } } },
    async (request, reply) => {
      await limitRequest(app.db, [{ key: limitKeys.registerIp(request.ip), policy: limits.registerIp }]);
      const user = await register(app.db, app.dialect, request.body);
      const message =
        user.status === 'active'
          ? 'Cadastro realizado! Você é o administrador. Entre com seu e-mail e senha.'
          : 'Cadastro recebido! Um administrador precisa aprovar seu acesso antes do primeiro login.';
      return reply.status(201).send({ user: { ...toMe(user), status: user.status }, message });
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: ZForgotPasswordRequest, response: { 202: ZAccepted } } },
    async (request, reply) => {
      // Counted per e-mail whether or not it exists, so a refusal tells nothing about the address.
      await limitRequest(app.db, [
        { key: limitKeys.resetIp(request.ip), policy: limits.resetIp },
        { key: limitKeys.resetEmail(request.body.email), policy: limits.resetEmail },
      ]);
      await requestPasswordReset(app.db, app.mailer, request.body.email, app.config.publicUrl, (error) =>
        request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return reply.status(202).send({
        message: 'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha.',
      });
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: ZResetPasswordRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await limitRequest(app.db, [{ key: limitKeys.resetIp(request.ip), policy: limits.resetIp }]);
      await resetPassword(app.db, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
