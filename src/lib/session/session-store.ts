import { proxy } from 'valtio'

/** The signed-in user as the client knows it; logged in means a positive user id (spec §6). */
export const sessionStore = proxy<{ userId: number }>({ userId: 0 })
