import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locale } from '../../schema/types'
import type { FieldError } from '../../schema/validation-messages'
import { AppError, validationError } from '../errors/AppError'
import type { ErrorCode } from '../errors/catalogue'
import type { InitConfigUploadCertResponse } from '../../generated/types'

/** What the console may see of the uploaded certificate (never the key, never the PEM), as upload_cert's endpoint file declares it. */
export type CertSummary = InitConfigUploadCertResponse

const CERT_FILE = 'pay_cert.pem'
const KEY_FILE = 'pay_key.pem'

/** Kept in DATA_DIR/certs: beside the database, outside the uploads that are served, readable by the server alone. */
function certDir(dataDir: string): string {
  return join(dataDir, 'certs')
}

/**
 * Check a certificate and its private key as PEM, that they belong together and that the
 * certificate is in date; every problem is a field error on the part that has it.
 */
export function checkCertPair(certPem: Buffer, keyPem: Buffer, now: Date, locale: Locale): { cert: X509Certificate; key: KeyObject } {
  const errors: FieldError[] = []
  const refuse = (path: string, code: ErrorCode, params: Record<string, string> = {}) => errors.push({ path, message: new AppError(code, params).messageIn(locale) })
  let cert: X509Certificate | undefined
  let key: KeyObject | undefined
  const certText = certPem.toString('utf8')
  const keyText = keyPem.toString('utf8')
  try {
    // X509Certificate also reads DER; PEM is what is asked for, so the armour must be there.
    if (!/^\s*-----BEGIN CERTIFICATE-----/.test(certText)) throw new Error('not PEM')
    cert = new X509Certificate(certText)
  } catch {
    refuse('/cert', 'CERT_NOT_PEM')
  }
  try {
    if (!/^\s*-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(keyText)) throw new Error('not PEM')
    key = createPrivateKey({ key: keyText, format: 'pem' })
  } catch {
    refuse('/key', 'CERT_KEY_NOT_PEM')
  }
  if (cert && key && !cert.checkPrivateKey(key)) refuse('/key', 'CERT_KEY_MISMATCH')
  if (cert && new Date(cert.validTo) < now) refuse('/cert', 'CERT_EXPIRED', { date: new Date(cert.validTo).toISOString().slice(0, 10) })
  if (errors.length > 0) throw validationError(errors)
  return { cert: cert!, key: key! }
}

export async function storeCertPair(dataDir: string, certPem: Buffer, keyPem: Buffer): Promise<void> {
  const dir = certDir(dataDir)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  // Written aside and renamed, so a reader never sees half a key or a key without its certificate's update.
  for (const [name, data] of [[CERT_FILE, certPem], [KEY_FILE, keyPem]] as const) {
    const temporary = join(dir, `${name}.${process.pid}.tmp`)
    await writeFile(temporary, data, { mode: 0o600 })
    await chmod(temporary, 0o600)
    await rename(temporary, join(dir, name))
  }
}

export async function readCertSummary(dataDir: string): Promise<CertSummary | null> {
  const pem = await readFile(join(certDir(dataDir), CERT_FILE), 'utf8').catch(() => null)
  return pem ? summarize(new X509Certificate(pem)) : null
}

export function summarize(cert: X509Certificate): CertSummary {
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    serial_number: cert.serialNumber,
    valid_from: new Date(cert.validFrom).toISOString(),
    valid_to: new Date(cert.validTo).toISOString(),
    fingerprint256: cert.fingerprint256,
  }
}
