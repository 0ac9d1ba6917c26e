import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatZodError, type UploadFile, type UploadSpec } from '@cui/contract';
import type { z } from 'zod';
import { AppError } from './app-error';

/** One file part of a multipart upload, read into memory (each route's spec bounds its size). */
export interface UploadedFile {
  filename: string;
  /** The part's media type as the client sent it. */
  mimeType: string;
  data: Buffer;
}

/** A multipart request, validated against the route's upload spec. */
export interface Upload<F> {
  fields: F;
  /** By part name; absent when the client sent no such part (only possible for optional parts). */
  files: Record<string, UploadedFile | undefined>;
}

/** Bounds on what a multipart body may hold besides its files (whose sizes each route's spec bounds). */
const FORM_LIMITS = { fields: 20, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 30 };

/**
 * Adds the multipart/form-data body parser that routes with an `upload` variant read. Other routes refuse
 * a multipart body with 415, as they did before the parser existed.
 */
export async function installUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: FORM_LIMITS });
}

/** True when the request carries a multipart/form-data body. */
export function isMultipartRequest(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

const baseType = (mimeType: string): string => mimeType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The parser's own failures as contract errors: sizes and counts are 413; anything else it throws is about the body
 * the client sent (busboy's 'Unexpected end of form', a part without headers...), so a 400, never a 500.
 */
function translate(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (statusCode === 413) return new AppError('request.too_large', 'Upload too large', { cause: error });
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return new AppError('validation.failed', `Invalid multipart body${detail}`, { cause: error });
}

function checkFile(name: string, spec: UploadFile, part: { mimetype: string }, data: Buffer): void {
  if (data.length > spec.maxBytes) throw new AppError('request.too_large', `${name} is larger than ${spec.maxBytes} bytes`);
  if (spec.mimeTypes && !spec.mimeTypes.includes(baseType(part.mimetype))) {
    throw new AppError('request.unsupported_media_type', `${name} must be one of: ${spec.mimeTypes.join(', ')}`);
  }
}

async function readParts(parts: AsyncIterable<Multipart>, spec: UploadSpec): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let unexpected: string | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    // Every file part is read to its end (bounded by the parser's fileSize limit), or the parse never finishes.
    const data = await part.toBuffer();
    const fileSpec = Object.hasOwn(spec.files, part.fieldname) ? spec.files[part.fieldname] : undefined;
    if (!fileSpec || files[part.fieldname]) {
      unexpected ??= part.fieldname;
      continue;
    }
    checkFile(part.fieldname, fileSpec, part, data);
    files[part.fieldname] = { filename: part.filename, mimeType: part.mimetype, data };
  }
  if (unexpected !== undefined) throw new AppError('validation.failed', `Unexpected file part: ${unexpected}`);
  return { fields, files };
}

/**
 * Reads a multipart body against a route's upload spec: text parts are validated by `spec.fields`
 * (400 `validation.failed`), file parts by name, size (413 `request.too_large`) and media type (415).
 */
export async function readUpload<F extends z.ZodType>(request: FastifyRequest, spec: UploadSpec<F>): Promise<Upload<z.infer<F> | undefined>> {
  const fileSpecs = Object.values(spec.files);
  // One file part more than the spec names, so a stray part is reported by name (400) rather than as a count (413).
  const limits = { ...FORM_LIMITS, files: fileSpecs.length + 1, fileSize: Math.max(0, ...fileSpecs.map((file) => file.maxBytes)) + 1 };
  let read: Awaited<ReturnType<typeof readParts>>;
  try {
    read = await readParts(request.parts({ limits }), spec);
  } catch (error) {
    throw translate(error);
  }
  for (const [name, file] of Object.entries(spec.files)) {
    if (file.required && !read.files[name]) throw new AppError('validation.failed', `${name} file is required`);
  }
  if (!spec.fields) return { fields: undefined, files: read.files };
  const parsed = spec.fields.safeParse(read.fields);
  if (!parsed.success) throw new AppError('validation.failed', formatZodError(parsed.error));
  return { fields: parsed.data, files: read.files };
}
