import path from 'node:path'

/**
 * Where built image variants are kept between builds: the same photo is encoded once. Its own
 * module, so the deploy check can share the cache without loading the encoder.
 */
export const IMAGE_CACHE_DIR = path.resolve(
  import.meta.dirname,
  '../node_modules/.cache/it-lab-images',
)
