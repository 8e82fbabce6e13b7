import { resolve } from 'node:path'
import { cleanup, render } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ResourceContext, type ParseResponse } from '@refinedev/core'
import bindings from '@refinedev/react-router'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { refineResources } from '../resources/refine-resources'
import { routerProvider } from './routerProvider'

afterEach(cleanup)

const resources = refineResources(createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas'))), 'en-US')

/** What refine's bindings and ours answer at `address`, under a route pattern as the console's (a resource's page), a catch-all, or none (the frame around the routes). */
function parsedAt(address: string, pattern: string | undefined): { theirs: ParseResponse; ours: ParseResponse; again: ParseResponse } {
  const answers: Partial<Record<'theirs' | 'ours' | 'again', ParseResponse>> = {}
  function Reader() {
    answers.theirs = bindings.parse!()()
    const parse = routerProvider.parse!()
    answers.ours = parse()
    answers.again = parse()
    return null
  }
  render(
    <ResourceContext.Provider value={{ resources }}>
      <MemoryRouter initialEntries={[address]}>
        {pattern === undefined ? (
          <Reader />
        ) : (
          <Routes>
            <Route path={pattern} element={<Reader />} />
          </Routes>
        )}
      </MemoryRouter>
    </ResourceContext.Provider>,
  )
  return answers as { theirs: ParseResponse; ours: ParseResponse; again: ParseResponse }
}

describe("the router bindings' parse, worked out once per address", () => {
  it.each([
    ['a list with its page, sorting and filters in the query', '/creation/resource?currentPage=3&pageSize=20&sorters[0][field]=id&sorters[0][order]=desc&filters[0][field]=name&filters[0][value]=a%20b', '/creation/resource'],
    ['a record, its id from the route', '/creation/resource/show/42', '/creation/resource/show/:id'],
    ['a record under a catch-all route, with a return address', '/creation/resource/edit/7?to=%2Fhome%2Findex', '*'],
    ['a record, outside the routes: its id from the resource route its address matches', '/creation/resource/show/42?pageSize=10', undefined],
    ['an address no resource has', '/nowhere/at/all?currentPage=x', '*'],
  ])('answers as refine\'s own do: %s', (_, address, pattern) => {
    const { theirs, ours, again } = parsedAt(address, pattern)
    expect(ours).toEqual(theirs)
    // Each call its own objects, down to the query's: a caller may change what it was given.
    expect(again).toEqual(ours)
    expect(again).not.toBe(ours)
    expect(again.params).not.toBe(ours.params)
  })

  it('knows the resource, the action and the id of a resource page', () => {
    const { ours } = parsedAt('/creation/resource/show/42', '/creation/resource/show/:id')
    expect(ours.resource?.name).toBeTruthy()
    expect(ours).toMatchObject({ action: 'show', id: '42', pathname: '/creation/resource/show/42' })
  })
})
