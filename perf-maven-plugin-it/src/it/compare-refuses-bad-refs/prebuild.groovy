def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: nothing') { }
// git would run this if it ever took the ref for --upload-pack
def script = new File(basedir, 'pwned.sh')
script.text = '#!/bin/sh\ntouch "$(dirname "$0")/PWNED"\n'
script.setExecutable(true)
return true
