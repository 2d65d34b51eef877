import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/domain/auth/mailer.ts';

const silent = { warn: () => undefined } as never;

/** A minimal SMTP server on a free loopback port: it accepts one message and hands back what it received. */
function smtpServer(): Promise<{ port: number; received: Promise<string>; close: () => void }> {
  return new Promise((resolve) => {
    let done: (text: string) => void = () => undefined;
    const received = new Promise<string>((r) => (done = r));
    const server = net.createServer((socket) => {
      let data = '';
      let inData = false;
      socket.write('220 teste ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('utf8').split('\r\n')) {
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 ok\r\n');
              done(data);
            } else data += `${line}\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 teste\r\n');
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 envie\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 tchau\r\n');
          else if (line) socket.write('250 ok\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, received, close: () => server.close() }),
    );
  });
}

describe('mailer', () => {
  it('sends through SMTP when SMTP_URL is set (the SMTP library is loaded with the first e-mail)', async () => {
    const smtp = await smtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Armazém <nao-responda@armazem.local>',
        logger: silent,
      });
      await mailer.send({ to: 'carla@loja.com.br', subject: 'Redefinir senha', text: 'Use o link abaixo.' });
      const text = await smtp.received;
      expect(text).toContain('To: carla@loja.com.br');
      expect(text).toContain('Subject: Redefinir senha');
      expect(text).toContain('Use o link abaixo.');
    } finally {
      smtp.close();
    }
  });
});
