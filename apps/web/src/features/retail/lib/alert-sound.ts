let context: AudioContext | null = null;

/**
 * A short two-tone chime through the Web Audio API (no sound file to download). Browsers start audio
 * only after a user gesture; `unlockAudio` is called from one (choosing the store, opening the board,
 * the board's "turn on sound" button, the first tap or key on the board) and answers whether sound
 * can now play.
 */
export async function unlockAudio(): Promise<boolean> {
  if (typeof AudioContext === 'undefined') return false;
  context ??= new AudioContext();
  if (context.state === 'suspended') await context.resume().catch(() => {});
  return context.state === 'running';
}

/** Whether the chime can play without a further gesture. */
export const audioReady = () => context?.state === 'running';

/**
 * Plays the chime if sound is unlocked. Nothing is queued on a suspended context: its clock stands
 * still, so every chime scheduled before the first gesture would play at once when it resumes.
 */
export function playNewOrderChime(): void {
  if (context?.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
}
