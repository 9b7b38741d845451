import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from '../messages';
import { isUploadPath } from '../uploads/images';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

// /uploads/<name> from the bucket, with the headers the disk route (@fastify/static) sends: the
// type by extension, nosniff, a year of immutable caching (names are content hashes), and
// ETag / Last-Modified so a revalidating browser gets 304. Pictures are public, as on disk;
// attachments never come through here (their guarded route streams from the same store).
export async function bucketUploadRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.ctx;
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const uploadPath = `/uploads/${request.params.name}`;
    const object = isUploadPath(uploadPath) ? await storage.open(uploadPath.slice(1)) : null;
    if (!object) return reply.status(404).send({ message: messages.notFound, code: ERROR_CODES.notFound });
    const extension = uploadPath.slice(uploadPath.lastIndexOf('.') + 1);
    reply
      .header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
    if (object.etag) {
      reply.header('ETag', object.etag);
      if (request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.status(304).send();
      }
    }
    return reply.header('Content-Length', object.size).send(object.body);
  });
}
