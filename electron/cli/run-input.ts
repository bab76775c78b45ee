// A run's details (agent id, deal id, message) checked before anything is sent. Apart from the
// parser because the checks speak through core's words, which bring the catalogues and FormatJS:
// they load for `runs start` only, not on every start of the command.
import type { Command } from './args';

/**
 * The command with its run input checked and tidied (ids and message trimmed); throws an
 * invalid_input AssistantError naming the field. Other commands are returned as they are.
 */
export async function checkedCommand(command: Command): Promise<Command> {
  if (command.name !== 'runs start') return command;
  const { checkCreateRunInput } = await import('../core/api/validate-input');
  return { ...command, input: checkCreateRunInput(command.input) };
}
