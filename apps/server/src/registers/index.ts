import { registerApi } from '../register-kit/register-api';
import { REGISTRY } from './registry';
import './register-options';

for (const entry of REGISTRY) registerApi(entry);
