import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (a Date.now() time), ticking each second; 0 once passed or unset. */
export function useCountdown(until: number | undefined): number {
  const left = () => (until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (until === undefined) return
    const timer = setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until])
  return seconds
}
