import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ImportReport } from '../import/import.js';
import type { Source } from '../import/read.js';

/*
 * Files sent to Importação wait here, on this instance's disk, between their validation and their confirmation: one
 * directory per upload under a random id, with the files as received and a record of what was found. Nothing of them
 * is in the database until the confirmation, which imports these same bytes.
 */

export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES = 12;
export const FILE_FIELD = 'arquivos';

/** Read at each use: TMPDIR may change after start (tests give each process its own). */
const root = () => join(tmpdir(), 'associa-importacao');
const ID = /^[A-Za-z0-9_-]{22}$/;
const RECORD = 'envio.json';
/** Created exclusively by the first confirmation: a second one, even at the same instant, finds it there. */
const CLAIM = 'confirmacao';

export interface UploadedFile {
  nome: string;
  bytes: number;
}

export interface UploadRecord {
  /** A hash of the administration session that sent the files: no other session sees them. */
  sessao: string;
  adminId: number | null;
  adminEmail: string;
  criadoEm: string;
  gravarValidas: boolean;
  arquivos: UploadedFile[];
  validacao: ImportReport;
  confirmacao?: { em: string; relatorio: ImportReport };
}

interface Receiving {
  id: string;
  dir: string;
  files: UploadedFile[];
}

const receiving = new WeakMap<FastifyRequest, Receiving>();

const dirOf = (id: string) => join(root(), id);
const fileOf = (dir: string, index: number) => join(dir, `${index}.csv`);

/** The name as the browser sent it, without a path some browsers still prepend. */
const baseName = (filename: string) => filename.split(/[\\/]/).pop()!.trim();

/** @fastify/multipart's onFile: each file of the form goes to disk as it arrives, never whole in memory. */
export async function receiveFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const nome = baseName(part.filename);
  // A file input left empty still sends a part, with no name and no bytes.
  if (part.fieldname !== FILE_FIELD || nome === '') {
    part.file.resume();
    await new Promise((resolve) => part.file.once('end', resolve));
    return;
  }
  let upload = receiving.get(this);
  if (!upload) {
    const id = randomBytes(16).toString('base64url');
    upload = { id, dir: dirOf(id), files: [] };
    receiving.set(this, upload);
    await mkdir(upload.dir, { recursive: true, mode: 0o700 });
  }
  const path = fileOf(upload.dir, upload.files.length);
  const file = { nome, bytes: 0 };
  upload.files.push(file);
  await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
  file.bytes = (await stat(path)).size;
}

/** The files this request brought, before they are kept. */
export function receivedFiles(request: FastifyRequest): { id: string; files: UploadedFile[] } | undefined {
  const upload = receiving.get(request);
  return upload && upload.files.length > 0 ? { id: upload.id, files: upload.files } : undefined;
}

/** What the import reads: the received bytes under the names they were sent with. */
export function uploadSources(id: string, files: readonly UploadedFile[]): Source[] {
  return files.map((file, index) => ({ name: file.nome, path: fileOf(dirOf(id), index) }));
}

async function writeRecord(id: string, record: UploadRecord): Promise<void> {
  const path = join(dirOf(id), RECORD);
  await writeFile(`${path}.tmp`, JSON.stringify(record), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/** Keeps the request's files for their confirmation. */
export async function keepUpload(request: FastifyRequest, record: UploadRecord): Promise<string> {
  const upload = receiving.get(request)!;
  await writeRecord(upload.id, record);
  receiving.delete(request);
  return upload.id;
}

/** Drops what a request received and did not keep (refused form, too large a file, failed validation). */
export async function discardReceived(request: FastifyRequest): Promise<void> {
  const upload = receiving.get(request);
  if (!upload) return;
  receiving.delete(request);
  await rm(upload.dir, { recursive: true, force: true });
}

const expired = (record: UploadRecord, now: number) => now - Date.parse(record.criadoEm) > UPLOAD_LIFETIME_MS;

/** An upload of this session, while it has not expired. */
export async function findUpload(id: string, sessao: string, now = Date.now()): Promise<UploadRecord | undefined> {
  if (!ID.test(id)) return undefined;
  let record: UploadRecord;
  try {
    record = JSON.parse(await readFile(join(dirOf(id), RECORD), 'utf8')) as UploadRecord;
  } catch {
    return undefined;
  }
  if (expired(record, now)) {
    await rm(dirOf(id), { recursive: true, force: true });
    return undefined;
  }
  return record.sessao === sessao ? record : undefined;
}

/** True for the first confirmation of an upload only. */
export async function claimConfirmation(id: string): Promise<boolean> {
  try {
    await (await open(join(dirOf(id), CLAIM), 'wx')).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export async function confirmationClaimed(id: string): Promise<boolean> {
  return stat(join(dirOf(id), CLAIM)).then(
    () => true,
    () => false,
  );
}

/** After a confirmation that failed before writing anything, so that it can be tried again. */
export async function releaseConfirmation(id: string): Promise<void> {
  await rm(join(dirOf(id), CLAIM), { force: true });
}

/** Records the confirmation's outcome; the files are no longer needed. */
export async function keepConfirmation(id: string, record: UploadRecord): Promise<void> {
  await writeRecord(id, record);
  await Promise.all(record.arquivos.map((_file, index) => rm(fileOf(dirOf(id), index), { force: true })));
}

/** Removes the uploads older than their lifetime, whether or not anyone opened them again. */
export async function sweepUploads(now = Date.now()): Promise<void> {
  let ids: string[];
  try {
    ids = await readdir(root());
  } catch {
    return;
  }
  for (const id of ids) {
    const dir = dirOf(id);
    const { mtimeMs } = await stat(dir).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > UPLOAD_LIFETIME_MS) await rm(dir, { recursive: true, force: true });
  }
}
