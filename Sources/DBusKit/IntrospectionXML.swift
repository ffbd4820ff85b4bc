/// The introspection document of an exported object (the D-Bus Object Introspection 1.0 format), with the standard
/// interfaces every object has and its child nodes.
enum IntrospectionXML {
    static let doctype = #"<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">"#

    /// The standard interfaces, as libdbus, GDBus and sd-bus describe them.
    static let standard = """
      <interface name="org.freedesktop.DBus.Peer">
        <method name="Ping"/>
        <method name="GetMachineId">
          <arg name="machine_uuid" type="s" direction="out"/>
        </method>
      </interface>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect">
          <arg name="xml_data" type="s" direction="out"/>
        </method>
      </interface>
      <interface name="org.freedesktop.DBus.Properties">
        <method name="Get">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="out"/>
        </method>
        <method name="GetAll">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="props" type="a{sv}" direction="out"/>
        </method>
        <method name="Set">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="in"/>
        </method>
        <signal name="PropertiesChanged">
          <arg name="interface_name" type="s"/>
          <arg name="changed_properties" type="a{sv}"/>
          <arg name="invalidated_properties" type="as"/>
        </signal>
      </interface>

    """

    static func document(interfaces: [ExportedInterface], children: [String]) -> String {
        var xml = doctype + "\n<node>\n"
        if !interfaces.isEmpty { xml += standard }
        for interface in interfaces { xml += self.interface(interface) }
        for child in children { xml += "  <node name=\"\(escaped(child))\"/>\n" }
        return xml + "</node>\n"
    }

    static func interface(_ interface: ExportedInterface) -> String {
        var xml = "  <interface name=\"\(interface.name)\">\n"
        for method in interface.methods {
            let arguments = method.inputs.map { argument($0, direction: "in") } + method.outputs.map { argument($0, direction: "out") }
            xml += element("method", method.name.rawValue, arguments)
        }
        for signal in interface.signals {
            xml += element("signal", signal.name.rawValue, signal.arguments.map { argument($0, direction: nil) })
        }
        for property in interface.properties {
            let annotation = property.emitsChanged ? "true" : "false"
            xml += "    <property name=\"\(escaped(property.name))\" type=\"\(property.type)\" access=\"\(property.access.rawValue)\">\n"
            xml += "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(annotation)\"/>\n"
            xml += "    </property>\n"
        }
        return xml + "  </interface>\n"
    }

    private static func element(_ kind: String, _ name: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return "    <\(kind) name=\"\(name)\"/>\n" }
        return "    <\(kind) name=\"\(name)\">\n" + arguments.joined() + "    </\(kind)>\n"
    }

    private static func argument(_ argument: DBusArgument, direction: String?) -> String {
        let direction = direction.map { " direction=\"\($0)\"" } ?? ""
        return "      <arg name=\"\(escaped(argument.name))\" type=\"\(escaped(argument.type.signature))\"\(direction)/>\n"
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
