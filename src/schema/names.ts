/** domain/batch_del → domainBatchDel: the operationId and the typed client's function name. */
export function operationName(endpointId: string): string {
  return endpointId
    .split(/[/_]/)
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join('')
}

/** recharge_card → RechargeCard: the TypeScript type name of an entity or endpoint. */
export function typeName(name: string): string {
  return name
    .split(/[/_\-.]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')
}
