package io.heaplab.reports.chart;

import java.awt.Color;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/** A parsed SVG chart and the elements the tests judge it by. */
record Svg(Document document) {

    private static final Pattern MOVE = Pattern.compile("\\s*M\\s*(-?[0-9.]+)[ ,]\\s*(-?[0-9.]+)");

    static final Set<String> SHAPES = Set.of("path", "line", "polyline", "polygon", "rect", "circle", "ellipse");

    static Svg parse(String text) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            // a chart has no business with a DOCTYPE; refusing one also keeps the parser off the network
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new Svg(factory.newDocumentBuilder().parse(new InputSource(new StringReader(text))));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new AssertionError("not well-formed XML: " + e.getMessage(), e);
        }
    }

    Element root() {
        return document.getDocumentElement();
    }

    /** Every element, in document order. */
    List<Element> elements() {
        NodeList all = document.getElementsByTagNameNS("*", "*");
        List<Element> elements = new ArrayList<>(all.getLength());
        for (int i = 0; i < all.getLength(); i++) {
            elements.add((Element) all.item(i));
        }
        return elements;
    }

    /** The drawn shapes (paths, lines, rectangles...). */
    List<Element> shapes() {
        return elements().stream().filter(e -> SHAPES.contains(e.getLocalName())).toList();
    }

    /**
     * The shapes painted in {@code colour}. JFreeSVG puts a shape's paint either on the shape or on the group
     * wrapped around it, so both are looked at.
     */
    List<Element> shapesIn(Color colour) {
        String rgb = "rgb(" + colour.getRed() + "," + colour.getGreen() + "," + colour.getBlue() + ")";
        return shapes().stream().filter(e -> style(e).contains(rgb)
                || (e.getParentNode() instanceof Element parent && style(parent).contains(rgb))).toList();
    }

    /**
     * The shapes painted in {@code colour} that start inside {@code area}: with the plot's data area, that leaves out
     * the legend, which shows a series' colour even when none of its points is drawn.
     */
    List<Element> shapesIn(Color colour, Rectangle2D area) {
        return shapesIn(colour).stream().filter(e -> {
            Point2D start = start(e);
            return start != null && area.contains(start);
        }).toList();
    }

    /** Where a shape starts: a path's first move, a line's first end, the centre of anything else. */
    static Point2D start(Element e) {
        return switch (e.getLocalName()) {
            case "path" -> {
                Matcher move = MOVE.matcher(e.getAttribute("d"));
                yield move.lookingAt()
                        ? new Point2D.Double(Double.parseDouble(move.group(1)), Double.parseDouble(move.group(2)))
                        : null;
            }
            case "line" -> new Point2D.Double(number(e, "x1"), number(e, "y1"));
            case "rect" -> new Point2D.Double(number(e, "x") + number(e, "width") / 2,
                    number(e, "y") + number(e, "height") / 2);
            case "circle", "ellipse" -> new Point2D.Double(number(e, "cx"), number(e, "cy"));
            default -> null;
        };
    }

    /** Every id attribute in the document. */
    List<String> ids() {
        return elements().stream().filter(e -> e.hasAttribute("id")).map(e -> e.getAttribute("id")).toList();
    }

    /** The text of every text element. */
    List<String> texts() {
        return elements().stream().filter(e -> e.getLocalName().equals("text")).map(Element::getTextContent).toList();
    }

    private static double number(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }

    private static String style(Element e) {
        return (e.getAttribute("style") + " " + e.getAttribute("fill") + " " + e.getAttribute("stroke"))
                .replace(" ", "");
    }
}
