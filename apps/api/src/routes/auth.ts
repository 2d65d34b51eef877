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
import { SESSION_COOKIE } from '../domain/auth/auth-public-service.ts';
import { toMe } from '../domain/users/users-public-service.ts';
import { requireAuth, setSessionCookie } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['autenticação'];
const ZAccepted = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app;

  app.post(
    '/login',
    {
      schema: {
        tags,
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, user } = await auth.signIn(request.body, request.ip, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, token);
      return { user };
    },
  );

  app.post('/logout', { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    await auth.signOut(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  app.get(
    '/me',
    { onRequest: requireAuth, schema: { tags, response: { 200: ZMe, ...errors(401) } } },
    async (request) => toMe(currentUser(request)),
  );

  app.patch(
    '/me',
    {
      onRequest: requireAuth,
      schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZMe, ...errors(400, 401, 429) } },
    },
    (request) => auth.updateProfile(currentUser(request), request.body, request.ip),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { token, ...registered } = await auth.register(request.body, request.ip);
      if (token) setSessionCookie(request, reply, token);
      return reply.status(201).send(registered);
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: ZForgotPasswordRequest, response: { 202: ZAccepted, ...errors(400, 429) } } },
    async (request, reply) => {
      const answer = await auth.requestPasswordReset(request.body.email, request.ip, (error) =>
        request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: ZResetPasswordRequest, response: { 204: z.null(), ...errors(400, 429) } } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );
};
