import { join } from 'node:path'
import { cacheDir } from '@palabre/db-engine'

/** Keep in step with scripts/build-s3-server.sh, which builds the binary for this version. */
export const SEAWEEDFS_VERSION = 'v0.0.0-20261109003541-7506e5f91cd6'

/** The SeaweedFS binary: PALABRE_WEED_BINARY, else the one bootstrap builds into the cache. */
export const weedBinary = (source: NodeJS.ProcessEnv = process.env): string =>
  source.PALABRE_WEED_BINARY?.trim() ||
  join(cacheDir(source), `seaweedfs-${SEAWEEDFS_VERSION}`, 'weed')

/**
 * The S3 server's environment: this process's, with one volume grown a bucket instead of seven
 * (tests make many small buckets).
 */
export const weedEnvironment = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WEED_MASTER_VOLUME_GROWTH_COPY_1: '1',
})
