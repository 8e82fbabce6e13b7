import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildRegistry } from './registry'
import { readSchemaFiles } from './load-files'
import { formatProblem } from './SchemaError'

const real = readSchemaFiles(resolve(__dirname, '../../schemas'))

/** The repository's files with some of their JSON changed in place. */
function changed(edits: Record<string, (json: Record<string, any>) => void>) {
  return real.map((f) => {
    const edit = edits[f.path]
    if (!edit) return f
    const json = JSON.parse(f.text) as Record<string, any>
    edit(json)
    return { ...f, text: JSON.stringify(json) }
  })
}

describe('values a schema file states, checked against their own fields', () => {
  it('refuses every default, example and const its field refuses, and every range no value fits, all in one run, each where it is', { timeout: 30_000 }, () => {
    const files = changed({
      'entities/article.json': (j) => {
        j.properties.title.minLength = 150
        j.properties.status.default = 'archived'
      },
      'entities/recharge_package.json': (j) => {
        j.properties.price.examples = ['19.90', 'free']
      },
      'config/platform.json': (j) => {
        j.properties.allow_register.default = 'no'
      },
      'tasks/clip.json': (j) => {
        j.input.properties.fps.maximum = 0
        j.input.properties.segments.minItems = 30
      },
      'endpoints/material/upload.json': (j) => {
        j.request.body.properties.tags.const = 'x'.repeat(300)
      },
      'shared/media.json': (j) => {
        delete j.$defs.transition_seconds.minimum
        delete j.$defs.transition_seconds.maximum
        j.$defs.transition_seconds.exclusiveMinimum = 0.5
        j.$defs.transition_seconds.exclusiveMaximum = 0.5
      },
    })
    const problems = buildRegistry(files).problems.map(formatProblem)
    expect(problems).toEqual([
      expect.stringMatching(/^schemas\/config\/platform\.json#\/properties\/allow_register\/default: "no" is not a value this field accepts: it must be boolean\. Every call that leaves the field out would be refused\.$/),
      expect.stringMatching(/^schemas\/endpoints\/material\/upload\.json#\/request\/body\/properties\/tags\/const: "x+" is not a value this field accepts: it must NOT have more than 200 characters\. No value could pass\.$/),
      'schemas/entities/article.json#/properties/title/minLength: minLength 150 is above maxLength 100: no value can be both. Lower minLength or raise maxLength.',
      'schemas/entities/article.json#/properties/status/default: "archived" is not a value this field accepts: it must be equal to one of the allowed values. Every call that leaves the field out would be refused.',
      expect.stringMatching(/^schemas\/entities\/recharge_package\.json#\/properties\/price\/examples\/1: "free" is not a value this field accepts: it must match pattern .* The API documentation would show a value the API refuses\.$/),
      'schemas/shared/media.json#/$defs/transition_seconds/exclusiveMinimum: exclusiveMinimum 0.5 is equal to exclusiveMaximum 0.5: no value can be both. Lower exclusiveMinimum or raise exclusiveMaximum.',
      // A default on the edge of a range no value fits is refused as well.
      'schemas/shared/media.json#/$defs/transition_seconds/default: 0.5 is not a value this field accepts: it must be < 0.5. Every call that leaves the field out would be refused.',
      expect.stringMatching(/^schemas\/tasks\/clip\.json#\/input\/properties\/segments\/minItems: minItems 30 is above maxItems 20/),
      'schemas/tasks/clip.json#/input/properties/fps/minimum: minimum 1 is above maximum 0: no value can be both. Lower minimum or raise maximum.',
      'schemas/tasks/clip.json#/input/properties/fps/default: 25 is not a value this field accepts: it must be <= 0. Every call that leaves the field out would be refused.',
    ])
  })
})
