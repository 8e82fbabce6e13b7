import type { ResourceProps } from '@refinedev/core'
import type { Locale, Registry } from '../../schema/types'

/** Refine's resource list from the resource files: routes for its buttons and links, labels for its titles. */
export function refineResources(registry: Registry, locale: Locale): ResourceProps[] {
  return [...registry.resources.values()].map((r) => ({
    name: r.name,
    list: r.route,
    ...(r.endpoints.create ? { create: `${r.route}/create` } : {}),
    ...(r.endpoints.update ? { edit: `${r.route}/edit/:id` } : {}),
    ...(r.endpoints.get ? { show: `${r.route}/show/:id` } : {}),
    // No `parent`: the menu is built from navigation.json, and a group may share a resource's name (domain).
    meta: { label: r.label[locale], hide: r.hideInMenu, canDelete: Boolean(r.endpoints.delete) },
  }))
}
