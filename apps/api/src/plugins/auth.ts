import type { TPermissionAction } from '@armazem/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, resolveSession, type SessionRefusal } from '../domain/auth/sessions.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import './context.ts';

const REFUSALS: Record<NonNullable<SessionRefusal>, string> = {
  disabled: 'Seu acesso foi desativado por um administrador. Fale com ele para voltar a entrar.',
  pending: 'Seu cadastro aguarda a aprovação de um administrador.',
};

/** The session's user, or 401 (saying so when the account was disabled meanwhile: the web app then shows it). */
export async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const { user, refusal } = token
    ? await resolveSession(request.server.db, token, request.server.config.sessions)
    : { user: null, refusal: null };
  request.user = user;
  if (!user) {
    // A refused account keeps its cookie, so that calls already on the way say the same thing.
    if (refusal) throw unauthenticated(REFUSALS[refusal]);
    if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw unauthenticated();
  }
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== 'admin') throw forbidden('Apenas administradores podem fazer isto.');
}

/** A route's check of an action of DESIGN.md §6.7 (domain/permissions: admins always may, operators as chosen). */
export const permitted =
  (action: TPermissionAction) =>
  async (request: FastifyRequest): Promise<void> =>
    request.server.permissions.assert(request.user?.role ?? 'operator', action);

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
