import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, resolveSession } from '../domain/auth/sessions.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import './context.ts';

export async function loadSessionUser(request: FastifyRequest): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  request.user = token
    ? await resolveSession(request.server.db, token, request.server.config.sessions)
    : null;
}

export async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await loadSessionUser(request);
  if (!request.user) {
    if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw unauthenticated();
  }
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== 'admin') throw forbidden('Apenas administradores podem fazer isto.');
}

export function registerAuthDecorators(app: FastifyInstance) {
  app.decorateRequest('user', null);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: request.server.config.sessions.absoluteHours * 3600,
  });
}
