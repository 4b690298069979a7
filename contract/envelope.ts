// The response envelope of spec §8, shared by server and client (types only on the client).

export type Envelope<T> = {
  ret_code: number
  ret_msg: string
  result: T
  ext_code: string
  time_now: string
}
