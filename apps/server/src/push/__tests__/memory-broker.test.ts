import { createMemoryBroker } from '../memory-broker.ts';
import { describeBrokerContract } from './broker-contract.ts';

describeBrokerContract('memory', (opts) => createMemoryBroker(opts));
