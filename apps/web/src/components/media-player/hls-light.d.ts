// hls.js ships no types for its light build (`hls.js/light`); they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
