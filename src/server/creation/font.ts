import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Label, Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import type { Db } from '../db/connect'
import { fieldError } from '../errors/AppError'
import type { Services } from '../services'
import type { TaskRunContext } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { readFontFile } from '../media/font-file'
import { isInstalledFont } from '../media/installed-fonts'
import { DEFAULT_SUBTITLE_FONT } from '../media/clip-plan'
import { materialsById, usableMaterials } from './materials'

// A font field ("media#/$defs/subtitle_style/font"): a family installed on the platform's
// machines ("Noto Serif CJK SC"), or "material:12", a font file of the caller's library or
// one shared with it.

/** The material a font value names, if it names one. */
export function fontMaterialIdOf(font: string | undefined): number | undefined {
  const found = /^material:(\d+)$/.exec(font ?? '')
  return found ? Number(found[1]) : undefined
}

/** Refuses, on its field, a family this machine lacks, or a font material the caller may not use. */
export async function checkFont(trx: Db, services: Services, caller: Caller, font: string | undefined, path: string, locale: Locale): Promise<void> {
  const material = fontMaterialIdOf(font)
  if (material !== undefined) return void (await usableMaterials(trx, services, caller, [{ id: material, path, kinds: ['font'] }], locale))
  if (await isInstalledFont(font ?? DEFAULT_SUBTITLE_FONT)) return
  const first = locale === 'zh-CN' ? `本机没有字体“${font}”，请从列表中选择` : `There is no font "${font}" here: choose one from the list`
  throw fieldError('VALIDATION_FAILED', path, locale, { first })
}

const GONE: Label = { 'zh-CN': '所选的字体已被删除，请重新选择后提交', 'en-US': 'The font chosen has been deleted: choose again and submit' }

/**
 * The family a render names, and for a library font its file, copied into a folder of its own
 * in the task's folder (libass reads every file of the folder it is given).
 */
export async function fontFor(ctx: TaskRunContext<unknown>, font: string | undefined): Promise<{ family: string; file?: string }> {
  const id = fontMaterialIdOf(font)
  if (id === undefined) return { family: font ?? DEFAULT_SUBTITLE_FONT }
  const material = (await materialsById(ctx.services, [id])).get(id)
  if (!material) throw new TaskFailure(GONE)
  const dir = join(ctx.workDir, 'fonts')
  await mkdir(dir, { recursive: true })
  const file = await ctx.services.files.localCopy(material.storage_key, dir)
  const read = await readFontFile(file).catch(() => null)
  if (!read) throw new TaskFailure({ 'zh-CN': `字体“${material.name}”无法读取`, 'en-US': `The font "${material.name}" cannot be read` })
  return { family: read.family, file }
}
