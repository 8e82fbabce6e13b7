import { didYouMean } from './suggest'
import type { Parsed } from './registry-core'
import type { SchemaProblem } from './SchemaError'
import type { ConfigGroupDef, FormSection, JsonSchema, Label, Role, TaskCost, TaskKindDef, TaskLimits } from './types'
import { withNotBlank } from './not-blank'
import { relatedEntities } from './relations-in'

const DEFAULT_ATTEMPTS = 3
const DEFAULT_RUN_MINUTES = 60
const DEFAULT_LEASE_SECONDS = 60

/** The task kinds of schemas/tasks/, by name (the file name). */
export function loadTaskKinds(files: Parsed[], problems: SchemaProblem[]): Map<string, TaskKindDef> {
  const kinds = new Map<string, TaskKindDef>()
  for (const p of files) {
    const j = p.json
    const input = withNotBlank(j.input as JsonSchema)
    const kind: TaskKindDef = {
      name: p.name,
      file: p.file,
      label: j.label as Label,
      description: String(j.description),
      roles: j.roles as Role[],
      handler: String(j.handler),
      input,
      ...(j.cost ? { cost: j.cost as TaskCost } : {}),
      // A file without limits is reported by its meta-schema; the registry still loads it.
      limits: (j.limits as TaskLimits | undefined) ?? { runMinutes: DEFAULT_RUN_MINUTES },
      ...(j.sections ? { sections: j.sections as FormSection[] } : {}),
      ...(j.providers ? { providers: j.providers as string[] } : {}),
      attempts: (j.attempts as number | undefined) ?? DEFAULT_ATTEMPTS,
      leaseSeconds: (j.leaseSeconds as number | undefined) ?? DEFAULT_LEASE_SECONDS,
      ...(typeof j.every === 'number' ? { every: j.every } : {}),
      endpoint: `task/submit_${p.name}`,
      ...(typeof j.batch === 'number' ? { batch: { max: j.batch, endpoint: `task/submit_batch_${p.name}` } } : {}),
      uses: relatedEntities(input),
    }
    const fields = Object.keys((input.properties as object | undefined) ?? {})
    for (const [i, section] of (kind.sections ?? []).entries()) {
      for (const field of section.fields.filter((f) => !fields.includes(f))) problems.push({ file: p.file, pointer: `/sections/${i}/fields`, message: `names "${field}", which is not a field of "input".` })
    }
    // A recording fills the words it asked to be read into a sibling text field of the same form.
    for (const [field, schema] of Object.entries((input.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      const words = schema['x-recording-words']
      if (words === undefined) continue
      const target = (input.properties as Record<string, Record<string, unknown>>)[String(words)]
      if (schema['x-widget'] !== 'recording') problems.push({ file: p.file, pointer: `/input/properties/${field}/x-recording-words`, message: 'is for a field that records ("x-widget": "recording"); only a recording knows the words it asked to be read.' })
      if (!target || target.type !== 'string') problems.push({ file: p.file, pointer: `/input/properties/${field}/x-recording-words`, message: `names "${String(words)}", which must be a text field of "input".${didYouMean(String(words), fields)}` })
    }
    const per = kind.cost?.per
    if (per === 'outputMinute' && kind.limits.outputSeconds === undefined) {
      problems.push({ file: p.file, pointer: '/cost/per', message: 'counts the cost by minutes of output, so "limits" must give "outputSeconds": the most a task may be charged must be known.' })
    }
    if (per && per !== 'task' && per !== 'outputMinute') {
      const field = 'field' in per ? per.field : per.length
      const schema = (input.properties as Record<string, JsonSchema> | undefined)?.[field]
      const wanted = 'field' in per ? 'integer' : 'string'
      if (!schema || schema.type !== wanted || !(input.required as string[] | undefined)?.includes(field)) {
        problems.push({ file: p.file, pointer: '/cost/per', message: `counts the cost by input field "${field}", which must be a required ${wanted} field of "input", so every task has a cost known before it is queued.` })
      }
    }
    kinds.set(p.name, kind)
  }
  return kinds
}

/** Each kind's submit call, and its batch call, as if schemas/endpoints/task/submit_KIND.json were written out. */
export function taskSubmitEndpoints(kinds: ReadonlyMap<string, TaskKindDef>): Parsed[] {
  return [...kinds.values()].flatMap((kind) => [submitEndpoint(kind), ...(kind.batch ? [batchEndpoint(kind, kind.batch)] : []), ...(measures(kind) ? [estimateEndpoint(kind)] : [])])
}

/** A kind whose handler measures what a submission makes: its limits or its cost need the size. */
export function measures(kind: TaskKindDef): boolean {
  const { outputSeconds, variants, pixelSeconds } = kind.limits
  return kind.cost?.per === 'outputMinute' || outputSeconds !== undefined || variants !== undefined || pixelSeconds !== undefined
}

/** The call the submit form asks what a submission would make and cost, before it is sent. */
export const estimateEndpointOf = (kind: string) => `task/estimate_${kind}`

function estimateEndpoint(kind: TaskKindDef): Parsed {
  const limit = { type: 'integer', minimum: 0 }
  return {
    file: kind.file,
    name: estimateEndpointOf(kind.name),
    kind: 'endpoint' as const,
    json: {
      method: 'POST',
      path: `/${estimateEndpointOf(kind.name)}`,
      summary: `What a task would make and cost: ${kind.label['en-US'].toLowerCase()}`,
      description: `Checks a body as task/submit_${kind.name} does, its limits included, and answers what the task would make (size), the limits it was checked against, what it would cost and what to know before sending (notices), without creating or charging anything. A body over a limit is refused with the refusal the submit would give.`,
      roles: kind.roles,
      handler: 'task.estimate',
      'x-task': kind.name,
      request: { body: kind.input },
      response: {
        type: 'object',
        properties: {
          size: {
            type: 'object',
            properties: { output_seconds: { type: 'number', minimum: 0 }, variants: { type: 'integer', minimum: 1 }, width: { type: 'integer', minimum: 0 }, height: { type: 'integer', minimum: 0 } },
            required: ['output_seconds', 'variants', 'width', 'height'],
            additionalProperties: false,
          },
          limits: {
            type: 'object',
            properties: { outputSeconds: limit, variants: limit, pixelSeconds: limit, runMinutes: limit },
            required: ['runMinutes'],
            additionalProperties: false,
          },
          cost: {
            type: ['object', 'null'],
            description: 'Null for a free kind, or a rate of 0.',
            properties: { ledger: { type: 'string' }, amount: { type: 'integer', minimum: 0 } },
            required: ['ledger', 'amount'],
            additionalProperties: false,
          },
          notices: {
            type: 'array',
            description: 'What the person should know before sending that does not refuse it, in their language: a voice-over longer than the clips, say.',
            items: { type: 'string' },
          },
        },
        required: ['size', 'limits', 'cost', 'notices'],
        additionalProperties: false,
      },
    },
  }
}

function submitEndpoint(kind: TaskKindDef): Parsed {
  return {
    file: kind.file,
    name: kind.endpoint,
    kind: 'endpoint' as const,
    json: {
      method: 'POST',
      path: `/${kind.endpoint}`,
      summary: `Submit a task: ${kind.label['en-US'].toLowerCase()}`,
      description: `${kind.description} The task is queued at once and answered as it stands; follow it with task/detail or task/events.${kind.cost ? ' Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.' : ''}`,
      roles: kind.roles,
      handler: 'task.submit',
      entity: 'task',
      idempotent: true,
      'x-task': kind.name,
      request: { body: kind.input },
      response: { $ref: 'task' },
    },
  }
}

function batchEndpoint(kind: TaskKindDef, batch: { max: number; endpoint: string }): Parsed {
  return {
    file: kind.file,
    name: batch.endpoint,
    kind: 'endpoint' as const,
    json: {
      method: 'POST',
      path: `/${batch.endpoint}`,
      summary: `Submit up to ${batch.max} tasks at once: ${kind.label['en-US'].toLowerCase()}`,
      description: `One task per input, each input checked as task/submit_${kind.name} checks its body (a field error names the input: /inputs/2/script). All are created${kind.cost ? ', their costs reserved' : ''} and queued in one transaction, or none is: a batch the balance cannot pay for makes nothing.`,
      roles: kind.roles,
      handler: 'task.submitBatch',
      entity: 'task',
      idempotent: true,
      'x-task': kind.name,
      request: {
        body: {
          type: 'object',
          properties: { inputs: { type: 'array', minItems: 1, maxItems: batch.max, items: kind.input, 'x-label': { 'zh-CN': '各条视频', 'en-US': 'Inputs' } } },
          required: ['inputs'],
          additionalProperties: false,
        },
      },
      response: {
        type: 'object',
        properties: { count: { type: 'integer', minimum: 1 }, ids: { type: 'array', items: { type: 'integer' } } },
        required: ['count', 'ids'],
        additionalProperties: false,
      },
    },
  }
}

/** A cost read from a setting names an integer setting that exists. */
export function checkTaskCosts(kinds: ReadonlyMap<string, TaskKindDef>, groups: ReadonlyMap<string, ConfigGroupDef>, problems: SchemaProblem[]): void {
  for (const kind of kinds.values()) {
    const settings: [string, number | { setting: string } | undefined, string][] = [
      ['/cost/rate/setting', kind.cost?.rate, 'fen or units'],
      ['/cost/plus/rate/setting', kind.cost?.plus?.rate, 'fen or units'],
      ...Object.entries(kind.limits).map(([name, limit]): [string, typeof limit, string] => [`/limits/${name}/setting`, limit, 'a limit']),
    ]
    const when = kind.cost?.plus?.when
    if (when && !(kind.input.properties as Record<string, unknown> | undefined)?.[when.field]) {
      problems.push({ file: kind.file, pointer: '/cost/plus/when/field', message: `names input field "${when.field}", which the kind's input does not have.` })
    }
    for (const [pointer, value, what] of settings) {
      if (!value || typeof value === 'number') continue
      const [group, key] = value.setting.split('.') as [string, string]
      const field = (groups.get(group)?.schema.properties as Record<string, JsonSchema> | undefined)?.[key]
      if (!field || field.type !== 'integer') {
        problems.push({ file: kind.file, pointer, message: `names setting "${value.setting}", which must be an integer field "${key}" of schemas/config/${group}.json (${what}).` })
      }
    }
  }
}

/** The entities some task kind's input names: deleting one of their records asks what uses it first. */
export function entitiesUsedByTasks(kinds: ReadonlyMap<string, TaskKindDef>): Set<string> {
  return new Set([...kinds.values()].flatMap((kind) => kind.uses))
}
