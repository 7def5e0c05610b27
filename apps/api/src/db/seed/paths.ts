import path from 'node:path';
import { API_ROOT } from '../../config.js';

/** Committed seed data (IBGE tables, small media): apps/api/seed-data. */
export const SEED_DATA_DIR = path.join(API_ROOT, 'seed-data');
