import { accountHandlers } from './account-handlers'
import { linkHandlers } from './link-handlers'
import { oauthHandlers } from './oauth'
import { planHandlers } from './plan-handlers'
import { postStatsHandlers } from './post-stats'

/** The matrix's named handlers: accounts, authorization links, the OAuth flow, release plans and their figures. */
export const matrixHandlers = { ...accountHandlers, ...linkHandlers, ...oauthHandlers, ...planHandlers, ...postStatsHandlers }
