/**
 * One real local service for a test file: started before its tests, stopped after them, with a
 * token of the demo user and an API client straight to it (for setting up and checking pages).
 * The returned handle reads what was started, so use it inside tests and hooks.
 */
import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from '../../lib/api';
import { startService, type RunningService } from './service';

export interface ServiceHandle {
  service: RunningService;
  token: string;
  api: ApiClient;
}

export function useService(): ServiceHandle {
  let started: ServiceHandle | undefined;
  beforeAll(async () => {
    const service = await startService();
    const token = await service.token();
    const api = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
    started = { service, token, api };
  });
  afterAll(async () => {
    await started?.service.stop();
  });
  const get = (): ServiceHandle => {
    if (!started) throw new Error('the service is started in beforeAll');
    return started;
  };
  return {
    get service() {
      return get().service;
    },
    get token() {
      return get().token;
    },
    get api() {
      return get().api;
    },
  };
}
